/// Client module.
public enum ClientModule {}
