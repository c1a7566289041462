/// Journal module.
public enum JournalModule {}
