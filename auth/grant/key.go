package grant

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// minRSABits is the smallest RSA key LoadKey takes: RFC 7518 section
// 3.3 requires 2048 bits for RS256.
const minRSABits = 2048

// KeyError says why a key file cannot sign client assertions.
type KeyError struct {
	// Path is the file.
	Path string
	// Problem says what is wrong with it.
	Problem string
	// Hint says what to do.
	Hint string
}

// Error names the file and the problem.
func (e *KeyError) Error() string {
	return fmt.Sprintf("client key %s: %s", e.Path, e.Problem)
}

// LoadKey reads a PEM private key for private_key_jwt: PKCS#8 ("PRIVATE
// KEY"), PKCS#1 RSA ("RSA PRIVATE KEY") or SEC1 EC ("EC PRIVATE KEY").
// The algorithm comes from the key: RS256 for RSA, ES256, ES384 or ES512
// for the P-256, P-384 and P-521 curves, EdDSA for Ed25519.
func LoadKey(path string) (*Key, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read client key: %w", err)
	}
	signer, err := parsePEMKey(data)
	if err != nil {
		var ke *KeyError
		if errors.As(err, &ke) {
			ke.Path = path
		}
		return nil, err
	}
	alg, err := algFor(signer)
	if err != nil {
		var ke *KeyError
		if errors.As(err, &ke) {
			ke.Path = path
		}
		return nil, err
	}
	return &Key{Signer: signer, Alg: alg}, nil
}

// parsePEMKey finds the private key among the file's PEM blocks, skipping
// the "EC PARAMETERS" block `openssl ecparam -genkey` writes first.
func parsePEMKey(data []byte) (crypto.Signer, error) {
	rest := data
	sawBlock := false
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		sawBlock = true
		switch block.Type {
		case "EC PARAMETERS":
			continue
		case "PRIVATE KEY":
			return parsePKCS8(block.Bytes)
		case "RSA PRIVATE KEY":
			k, err := x509.ParsePKCS1PrivateKey(block.Bytes)
			if err != nil {
				return nil, &KeyError{Problem: "the RSA PRIVATE KEY block does not parse as PKCS#1: " + err.Error()}
			}
			return k, nil
		case "EC PRIVATE KEY":
			k, err := x509.ParseECPrivateKey(block.Bytes)
			if err != nil {
				return nil, &KeyError{Problem: "the EC PRIVATE KEY block does not parse as SEC1: " + err.Error()}
			}
			return k, nil
		case "ENCRYPTED PRIVATE KEY":
			return nil, &KeyError{Problem: "the key is encrypted",
				Hint: "decrypt it first: openssl pkcs8 -in KEY -out PLAIN.pem (and keep PLAIN.pem private)"}
		case "PUBLIC KEY", "RSA PUBLIC KEY", "CERTIFICATE":
			return nil, &KeyError{Problem: "it holds a " + block.Type + ", not a private key",
				Hint: "pass the private key the public key was made from"}
		}
	}
	if !sawBlock {
		return nil, &KeyError{Problem: "no PEM block found",
			Hint: "pass a PEM file that starts with -----BEGIN PRIVATE KEY-----"}
	}
	return nil, &KeyError{Problem: "no PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block in it"}
}

func parsePKCS8(der []byte) (crypto.Signer, error) {
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, &KeyError{Problem: "the PRIVATE KEY block does not parse as PKCS#8: " + err.Error()}
	}
	signer, ok := k.(crypto.Signer)
	if !ok {
		return nil, &KeyError{Problem: fmt.Sprintf("a %T cannot sign", k)}
	}
	return signer, nil
}

// algFor names the JWS algorithm (RFC 7518) the key signs with.
func algFor(s crypto.Signer) (string, error) {
	switch k := s.(type) {
	case *rsa.PrivateKey:
		if k.N.BitLen() < minRSABits {
			return "", &KeyError{Problem: fmt.Sprintf("the RSA key has %d bits, RS256 needs at least %d", k.N.BitLen(), minRSABits)}
		}
		return "RS256", nil
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256():
			return "ES256", nil
		case elliptic.P384():
			return "ES384", nil
		case elliptic.P521():
			return "ES512", nil
		}
		return "", &KeyError{Problem: "the EC key's curve " + k.Curve.Params().Name + " has no JWS algorithm",
			Hint: "use a P-256, P-384 or P-521 key"}
	case ed25519.PrivateKey:
		return "EdDSA", nil
	}
	return "", &KeyError{Problem: fmt.Sprintf("a %T key has no JWS algorithm toolbench signs with", s),
		Hint: "use an RSA, EC (P-256, P-384, P-521) or Ed25519 key"}
}
