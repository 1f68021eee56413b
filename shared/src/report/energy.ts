/** Energy per good part (kW·h); null when no good part was made. */
export const kwhPerGoodPart = (kwh: number, good: number) => (good > 0 ? kwh / good : null);
