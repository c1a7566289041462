/// Broker module.
public enum BrokerModule {}
