/// ZeroMQ module.
public enum ZeroMQModule {}
