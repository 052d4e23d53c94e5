package render

// scanString reads the JSON string starting at s[i] == '"' and returns the
// index after its closing quote. clean reports that every byte was
// printable ASCII, so the token needs no escaping and its width is its
// length. ok is false for anything JSON forbids: raw control characters,
// unknown escapes, a short \u escape, a missing closing quote.
func scanString(s string, i int) (end int, clean, ok bool) {
	clean = true
	for j := i + 1; j < len(s); {
		switch c := s[j]; {
		case c == '"':
			return j + 1, clean, true
		case c == '\\':
			n := escapeLen(s, j)
			if n == 0 {
				return 0, false, false
			}
			j += n
		case c < 0x20:
			return 0, false, false
		default:
			if c >= 0x7f {
				clean = false
			}
			j++
		}
	}
	return 0, false, false
}

// escapeLen is the length of the escape at s[j] == '\\', or 0 if invalid.
func escapeLen(s string, j int) int {
	if j+1 >= len(s) {
		return 0
	}
	switch s[j+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if j+6 > len(s) {
			return 0
		}
		for _, h := range []byte(s[j+2 : j+6]) {
			if !isHex(h) {
				return 0
			}
		}
		return 6
	}
	return 0
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

// scanNumber reads the JSON number at s[i]:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// What follows it is the printer's business: "01" ends after the 0 and the
// printer then rejects the 1.
func scanNumber(s string, i int) (end int, ok bool) {
	j := i
	if j < len(s) && s[j] == '-' {
		j++
	}
	switch {
	case j < len(s) && s[j] == '0':
		j++
	case j < len(s) && s[j] >= '1' && s[j] <= '9':
		j = digits(s, j)
	default:
		return 0, false
	}
	if j < len(s) && s[j] == '.' {
		if k := digits(s, j+1); k > j+1 {
			j = k
		} else {
			return 0, false
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		j++
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := digits(s, j)
		if k == j {
			return 0, false
		}
		j = k
	}
	return j, true
}

func digits(s string, j int) int {
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j
}
