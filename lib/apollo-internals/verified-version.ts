/**
 * The versions of the packages whose internals this folder replaces or patches, as verified by the
 * tests named in README.md. test/lib/apollo-internals/apollo-internals-version.test.ts fails when the installed ones differ:
 * an upgrade re-reads each piece against the new source (README.md says what to read), then changes these.
 */
export const VERIFIED_VERSIONS = {
  '@apollo/gateway': '2.14.4',
  '@apollo/federation-internals': '2.14.4',
} as const;
