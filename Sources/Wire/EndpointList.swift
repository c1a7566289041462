import Foundation

/// An endpoint setting that names one broker or several sharing one journal (comma-separated), of
/// which clients, workers and subscribers follow the active one.
public enum EndpointList {
    /// The endpoints of `setting`, in order, blanks around commas ignored; the setting itself when it names none.
    public static func split(_ setting: String) -> [String] {
        let list = setting.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return list.isEmpty ? [setting] : list
    }
}
