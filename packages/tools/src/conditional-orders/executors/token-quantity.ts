/** A decimal quantity cut (rounded down) to a token's decimals: the engine writes up to 9 places, USDC has 6. */
export function truncatedQuantity(quantity: string, decimals: number): string {
  const [whole, fraction = ''] = quantity.split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole as string);
}
