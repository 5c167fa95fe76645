/** Provider answers in their real formats, for stubs and parser tests. */

export function ecbDailyXml(rates: Record<string, string>, date = '2026-11-20'): string {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;
}

/** A realistic ECB day (1 EUR = rate units). */
export const ECB_SAMPLE_RATES: Record<string, string> = {
  USD: '1.1612',
  JPY: '181.23',
  BGN: '1.9558',
  CZK: '24.215',
  DKK: '7.4689',
  GBP: '0.87935',
  CHF: '0.9311',
  ILS: '3.8121',
  INR: '102.9125',
};

export function goldApiJson(
  metal: string,
  pricePerOunce: number,
  options: { perGram?: number | null; timestamp?: number } = {},
) {
  const perGram =
    options.perGram === undefined ? Math.round((pricePerOunce / 31.1034768) * 10_000) / 10_000 : options.perGram;
  return {
    timestamp: options.timestamp ?? 1_795_000_000,
    metal,
    currency: 'EUR',
    exchange: 'FOREXCOM',
    symbol: `FOREXCOM:${metal}EUR`,
    prev_close_price: pricePerOunce * 0.99,
    open_price: pricePerOunce * 0.995,
    low_price: pricePerOunce * 0.99,
    high_price: pricePerOunce * 1.01,
    open_time: 1_794_960_000,
    price: pricePerOunce,
    ch: 12.3,
    chp: 0.33,
    ask: pricePerOunce + 0.5,
    bid: pricePerOunce - 0.5,
    ...(perGram === null
      ? {}
      : {
          price_gram_24k: perGram,
          price_gram_22k: Math.round(perGram * 0.9167 * 10_000) / 10_000,
          price_gram_18k: Math.round(perGram * 0.75 * 10_000) / 10_000,
        }),
  };
}
