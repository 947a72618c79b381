// A refusal rendered as a page (status, title, message), e.g. 403 for a bad CSRF token.
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
    this.name = "PageError";
  }
}
