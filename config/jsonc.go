package config

import "fmt"

// StripJSONC removes // and /* */ comments and trailing commas from JSON
// text, leaving strings untouched, so encoding/json can read JSONC files.
// Removed bytes become spaces, so error offsets still point into the file.
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
				return nil, fmt.Errorf("comment opened at byte %d is never closed", start)
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
	return 0, fmt.Errorf("string opened at byte %d is never closed", start)
}

func blank(b []byte, from, to int) {
	for i := from; i < to; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
}
