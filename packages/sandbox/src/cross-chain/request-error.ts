/**
 * A request the bridge operator or the router solver refuses (an address not of its network, an amount below the
 * minimum): the caller's mistake, which the tools answer as a 400 naming `field` and `rule`.
 */
export class CrossChainRequestError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}
