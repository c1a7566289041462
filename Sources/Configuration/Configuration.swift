/// Configuration module.
public enum ConfigurationModule {}
