extension Catalog {
    /// Replaces `{0}`, `{1}`, … with the arguments; a placeholder without an argument stays as written.
    public static func format(_ template: String, arguments: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let index = Int(rest[afterOpen..<close]), arguments.indices.contains(index)
            {
                result += arguments[index]
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// The argument indices a template refers to, such as `[0, 1]` for `"{0} is already part of day {1}."`.
    public static func placeholders(in template: String) -> Set<Int> {
        var found: Set<Int> = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            if let index = Int(rest[afterOpen..<close]), index >= 0 { found.insert(index) }
            rest = rest[afterOpen...]
        }
        return found
    }
}
