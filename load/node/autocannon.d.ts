/** The part of autocannon 9's API raw-generator.ts uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    p90: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    non2xx: number;
    '2xx': number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
