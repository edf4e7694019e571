import { closeSync, openSync, writeSync } from "node:fs";

/**
 * A mysqldump-like file of about `bytes`: tables with /*!50100 PARTITION *\/ clauses and long
 * INSERT lines, a DELIMITER ;; trigger block in the middle, a DROP TABLE near the end, and one
 * CREATE TABLE placed across the 8 MB window boundary.
 */
export function writeDump(path: string, bytes: number): { dropLine: number; straddler: string } {
  const fd = openSync(path, "w");
  let pos = 0;
  let line = 1;
  const emit = (s: string) => {
    writeSync(fd, s);
    pos += s.length;
    for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) line++;
  };
  const row = (id: number) => `(${id},'2021-0${(id % 9) + 1}-1${id % 10}','${"payload-".repeat(3)}${id}',${id * 7})`;
  const rows: string[] = [];
  for (let r = 1; r <= 18000; r++) rows.push(row(r));
  const insertValues = rows.join(","); // about 1 MB
  const create = (name: string, partitions: number) =>
    `--\n-- Table structure for table \`${name}\`\n--\n\n/*!40101 SET @saved_cs_client     = @@character_set_client */;\n/*!50503 SET character_set_client = utf8mb4 */;\n` +
    `CREATE TABLE \`${name}\` (\n  \`id\` bigint NOT NULL AUTO_INCREMENT,\n  \`created\` date NOT NULL,\n  \`payload\` varchar(200) DEFAULT NULL,\n  \`amount\` int DEFAULT NULL,\n  PRIMARY KEY (\`id\`,\`created\`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci\n` +
    `/*!50100 PARTITION BY RANGE (year(\`created\`))\n(` +
    Array.from({ length: partitions - 1 }, (_, k) => `PARTITION p${2000 + k} VALUES LESS THAN (${2001 + k}) ENGINE = InnoDB,\n `).join("") +
    `PARTITION pmax VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */;\n/*!40101 SET character_set_client = @saved_cs_client */;\n\n`;
  const data = (name: string, inserts: number) =>
    `LOCK TABLES \`${name}\` WRITE;\n/*!40000 ALTER TABLE \`${name}\` DISABLE KEYS */;\n` +
    `INSERT INTO \`${name}\` VALUES ${insertValues};\n`.repeat(inserts) +
    `/*!40000 ALTER TABLE \`${name}\` ENABLE KEYS */;\nUNLOCK TABLES;\n\n`;
  emit(
    "-- MySQL dump 10.13  Distrib 8.0.22, for Linux (x86_64)\n--\n-- Host: localhost    Database: shop\n\n/*!40101 SET NAMES utf8mb4 */;\n/*!40103 SET TIME_ZONE='+00:00' */;\n\n",
  );
  const boundary = 8 * 2 ** 20;
  const straddler = "orders_across";
  let t = 0;
  let straddled = false;
  let triggered = false;
  while (pos < bytes - 3 * 2 ** 20) {
    const name = `t${t++}`;
    emit(create(name, 12));
    emit(data(name, 3));
    if (!straddled && pos + 4 * insertValues.length > boundary) {
      // Fill up to just before the boundary, then a CREATE TABLE that crosses it.
      const full = `INSERT INTO \`${name}\` VALUES ${insertValues};\n`;
      while (boundary - 300 - pos > full.length + 100) emit(full);
      const fill = boundary - 300 - pos - `INSERT INTO \`${name}\` VALUES ;\n`.length;
      emit(`INSERT INTO \`${name}\` VALUES ${insertValues.slice(0, insertValues.lastIndexOf("),(", fill) + 1)};\n`);
      emit(`${" ".repeat(Math.max(0, boundary - 300 - pos))}\n`);
      emit(create(straddler, 37));
      straddled = true;
    }
    if (!triggered && pos > bytes / 2) {
      emit(
        `DELIMITER ;;\n/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER \`${name}_bi\` BEFORE INSERT ON \`${name}\` FOR EACH ROW BEGIN\n` +
          `  IF NEW.amount < 0 THEN SET NEW.amount = 0; END IF;\nEND */;;\nDELIMITER ;\n\n`,
      );
      triggered = true;
    }
  }
  emit("-- Cleanup of the staging table\n");
  const dropLine = line;
  emit("DROP TABLE `t1`;\n");
  emit(data("t2", 2));
  emit("-- Dump completed\n");
  closeSync(fd);
  return { dropLine, straddler };
}
