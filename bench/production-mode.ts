// Imported first by benchmarks: the service runs as deployed, with NODE_ENV=production (graphql-js
// then skips its development-only checks), unless the caller set NODE_ENV.
process.env.NODE_ENV ??= 'production';
