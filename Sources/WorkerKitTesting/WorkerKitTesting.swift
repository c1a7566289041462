/// WorkerKitTesting module.
public enum WorkerKitTestingModule {}
