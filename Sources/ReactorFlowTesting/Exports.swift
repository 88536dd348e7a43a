// The testing module re-exports the framework so that a test needs one import.
@_exported import ReactorFlow
