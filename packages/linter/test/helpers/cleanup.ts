import { afterAll } from "vitest";
import { removeTempDirs } from "./tmp.js";

// Every test file removes the directories its tempDir() and scratch() calls made.
afterAll(removeTempDirs);
