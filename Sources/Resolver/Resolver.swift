/// Resolver module.
public enum ResolverModule {}
