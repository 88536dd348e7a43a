import Benchmark

/// `randomuser-load`: written once `RandomUserCore` has its `MainReactor`.
func registerRandomUserBenchmarks() {}
