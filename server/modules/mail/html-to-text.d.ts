// html-to-text ships no types; the mail renderer uses compile() with @react-email/render's own options.
declare module 'html-to-text' {
  export interface HtmlToTextOptions {
    wordwrap?: number | false;
    selectors?: readonly object[];
  }
  export function compile(options?: HtmlToTextOptions): (html: string) => string;
}
