// The flow harness lives in App (`wayfarer memory-check` runs it); tests and
// benchmarks that import AppHarness see it, and App, through this module.
@_exported import App
