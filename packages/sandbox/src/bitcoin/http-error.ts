/** An HTTP answer other than 200 from the sandbox facade: a text body (Esplora, ord) or a JSON one (Counterparty). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = message,
  ) {
    super(message);
  }
}
