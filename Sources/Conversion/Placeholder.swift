public enum ConversionModule {}
