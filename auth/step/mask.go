package step

import "unicode/utf8"

// Mask shows a secret as a person may need to recognise it: "••••" and
// its last four characters, or only "••••" when it is too short for
// those four to leave most of it hidden.
func Mask(secret string) string {
	const dots = "••••"
	if utf8.RuneCountInString(secret) < 12 {
		return dots
	}
	r := []rune(secret)
	return dots + string(r[len(r)-4:])
}
