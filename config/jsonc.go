package config

// StripJSONC removes // and /* */ comments and trailing commas from JSON
// text, leaving strings untouched, so encoding/json can read JSONC files.
// Removed bytes become spaces and line breaks stay, so every offset into
// the result is the same offset into data, and lines and columns found in
// the result are those of the file as written.
func StripJSONC(data []byte) ([]byte, error) {
	out := make([]byte, len(data))
	copy(out, data)
	lastComma := -1 // position of a comma that may turn out to be trailing
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case c == '"':
			end, err := skipString(out, i)
			if err != nil {
				return nil, err
			}
			i, lastComma = end, -1
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			start := i
			for i += 2; i+1 < len(out) && !(out[i] == '*' && out[i+1] == '/'); i++ {
			}
			if i+1 >= len(out) {
				return nil, atOffset(int64(start), "a /* comment opened here is never closed")
			}
			blank(out, start, i+2)
			i++
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			lastComma = -1
		}
	}
	return out, nil
}

// skipString returns the index of the quote closing the string at start.
func skipString(b []byte, start int) (int, error) {
	for i := start + 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i, nil
		}
	}
	return 0, atOffset(int64(start), "a string opened here is never closed")
}

func blank(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}
