/// InterludeCLI module.
public enum InterludeCLIModule {}
