// The Node flags the service runs with, as `npm start` and `npm run demo` pass them (test/node-args.test.ts holds
// package.json to these): a small young generation, and an old generation that grows by 30 % of what survives a
// full collection instead of V8's default of up to four times, which keeps an instance's peak resident memory
// about 60 MB lower under a search load for about a tenth more CPU per search (README, Performance).
export const SERVICE_NODE_ARGS = ['--max-semi-space-size=4', '--heap-growing-percent=30'];
