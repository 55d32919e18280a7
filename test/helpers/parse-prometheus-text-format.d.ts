// The package ships no types: the shape of what it returns, as far as the tests read it.
declare module 'parse-prometheus-text-format' {
  interface ParsedFamily {
    name: string;
    help: string;
    type: string;
    metrics: { value?: string; labels?: Record<string, string> }[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
