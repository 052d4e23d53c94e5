package weburl

import "strings"

// Punycode's parameters (RFC 3492, section 5).
const (
	pcBase        = 36
	pcTMin        = 1
	pcTMax        = 26
	pcSkew        = 38
	pcDamp        = 700
	pcInitialBias = 72
	pcInitialN    = 128
)

// punycode encodes one label (RFC 3492, section 6.3): its ASCII letters
// first, a hyphen, then the other code points as variable-length deltas.
func punycode(label string) string {
	runes := []rune(label)
	var b strings.Builder
	for _, r := range runes {
		if r < 0x80 {
			b.WriteRune(r)
		}
	}
	basic := b.Len()
	handled := basic
	if basic > 0 {
		b.WriteByte('-')
	}
	n, delta, bias := rune(pcInitialN), 0, pcInitialBias
	for handled < len(runes) {
		m := rune(0x7fffffff)
		for _, r := range runes {
			if r >= n && r < m {
				m = r
			}
		}
		delta += int(m-n) * (handled + 1)
		n = m
		for _, r := range runes {
			if r < n {
				delta++
			}
			if r != n {
				continue
			}
			q := delta
			for k := pcBase; ; k += pcBase {
				t := threshold(k, bias)
				if q < t {
					break
				}
				b.WriteByte(digit(t + (q-t)%(pcBase-t)))
				q = (q - t) / (pcBase - t)
			}
			b.WriteByte(digit(q))
			bias = adapt(delta, handled+1, handled == basic)
			delta = 0
			handled++
		}
		delta++
		n++
	}
	return b.String()
}

func threshold(k, bias int) int {
	switch {
	case k <= bias:
		return pcTMin
	case k >= bias+pcTMax:
		return pcTMax
	}
	return k - bias
}

func digit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// adapt is the bias adaptation function (RFC 3492, section 6.1).
func adapt(delta, points int, first bool) int {
	if first {
		delta /= pcDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > ((pcBase-pcTMin)*pcTMax)/2 {
		delta /= pcBase - pcTMin
		k += pcBase
	}
	return k + (pcBase-pcTMin+1)*delta/(delta+pcSkew)
}
