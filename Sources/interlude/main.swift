import InterludeCLI

await Interlude.main()
