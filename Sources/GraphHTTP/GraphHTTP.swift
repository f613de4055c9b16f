public enum GraphHTTP {}
