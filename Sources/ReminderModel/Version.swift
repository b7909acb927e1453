/// remindc's version, as `--version` prints it and the writers record it.
public enum RemindcVersion {
    public static let string = "0.1.0"
}
