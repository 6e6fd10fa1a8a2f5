// Imported first by the service entry points and benchmarks: unless NODE_ENV is set, Vigil runs as
// deployed (graphql-js skips its development-only checks, which cost ~25% per request).
process.env.NODE_ENV ??= 'production';
