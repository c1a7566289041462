/// Gateway module.
public enum GatewayModule {}
