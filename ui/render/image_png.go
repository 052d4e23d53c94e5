package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// dropBadAncillary removes from a PNG the ancillary chunks whose CRC is
// wrong, which the PNG spec lets a decoder ignore (section 13.2) and
// browsers do; Go's decoder rejects the whole file instead.
// server-everything's get-tiny-image has such an iCCP chunk. Critical
// chunks are kept as they are, so a damaged header or pixel data is still
// reported. Data that is not a well-formed chunk sequence is returned
// unchanged for the decoder to judge.
func dropBadAncillary(data []byte) []byte {
	if !bytes.HasPrefix(data, []byte(pngSignature)) {
		return data
	}
	out := make([]byte, 0, len(data))
	out = append(out, pngSignature...)
	dropped := false
	for rest := data[len(pngSignature):]; len(rest) > 0; {
		if len(rest) < 12 {
			return data
		}
		n := binary.BigEndian.Uint32(rest)
		if uint64(n) > uint64(len(rest)-12) {
			return data
		}
		chunk := rest[:12+n]
		rest = rest[12+n:]
		body := chunk[4 : 8+n] // type and data, what the CRC covers
		ancillary := body[0]&0x20 != 0
		if ancillary && crc32.ChecksumIEEE(body) != binary.BigEndian.Uint32(chunk[8+n:]) {
			dropped = true
			continue
		}
		out = append(out, chunk...)
	}
	if !dropped {
		return data
	}
	return out
}
