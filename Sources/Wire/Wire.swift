/// Wire module.
public enum WireModule {}
