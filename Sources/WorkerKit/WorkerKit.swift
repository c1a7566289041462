/// WorkerKit module.
public enum WorkerKitModule {}
