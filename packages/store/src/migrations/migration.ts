export interface Migration {
  /** Strictly increasing; never renumber or edit a migration that has shipped. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
