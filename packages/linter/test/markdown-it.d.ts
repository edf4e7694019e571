// The test renders reports with markdown-it; only its constructor and render() are used.
declare module "markdown-it" {
  export default class MarkdownIt {
    constructor(options?: { html?: boolean; linkify?: boolean });
    render(source: string): string;
  }
}
