import Bench

await BenchCommand.main()
