/// Operations module.
public enum OperationsModule {}
