export interface Spend {
  readonly at: Date;
  readonly usd: number;
}

const DAY_MS = 86_400_000;
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 24;

/** UTC day buckets from the first spend's day to today, each with what was spent on it. */
export function spendByDay(spends: readonly Spend[], today = new Date()): { day: string; usd: number }[] {
  if (spends.length === 0) return [];
  const dayOf = (date: Date) => Math.floor(date.getTime() / DAY_MS);
  const first = Math.min(...spends.map((s) => dayOf(s.at)));
  const last = Math.max(dayOf(today), ...spends.map((s) => dayOf(s.at)));
  const totals = new Map<number, number>();
  for (const spend of spends) totals.set(dayOf(spend.at), (totals.get(dayOf(spend.at)) ?? 0) + spend.usd);
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    day: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
    usd: totals.get(first + i) ?? 0,
  }));
}

/** Spend per day as an inline SVG bar chart (no chart library): one bar a day, its amount in its tooltip. */
export function SpendChart({ spends }: { spends: readonly Spend[] }) {
  const days = spendByDay(spends);
  if (days.length === 0) return <p>No spend yet.</p>;
  const top = Math.max(...days.map((d) => d.usd)) || 1;
  const slot = (WIDTH - 2 * PAD) / days.length;
  const total = days.reduce((sum, d) => sum + d.usd, 0);
  return (
    <figure>
      <svg
        id="spend-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Spend per day from ${days[0]!.day} to ${days.at(-1)!.day}`}
      >
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} stroke="currentColor" />
        {days.map((d, i) => {
          const height = (d.usd / top) * (HEIGHT - 2 * PAD);
          return (
            <rect
              key={d.day}
              data-day={d.day}
              x={PAD + i * slot + slot * 0.1}
              y={HEIGHT - PAD - height}
              width={slot * 0.8}
              height={height}
            >
              <title>{`${d.day}: ${d.usd.toFixed(6)} USD`}</title>
            </rect>
          );
        })}
        <text x={PAD} y={PAD - 8}>
          {top.toFixed(6)} USD
        </text>
      </svg>
      <figcaption>
        {total.toFixed(6)} USD spent over {days.length} day{days.length === 1 ? '' : 's'} (USD-pegged payments and
        credit).
      </figcaption>
    </figure>
  );
}
