/// Archive module.
public enum ArchiveModule {}
