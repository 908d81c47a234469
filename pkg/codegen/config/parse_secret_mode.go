package config

import "gopkg.in/yaml.v3"

// ImportSecretModes are the values of $importSecretMode: required makes the property a
// secret, read from a Kubernetes Secret; never keeps it a plain value though the swagger marks
// it x-ms-secret or its name looks like a password's (an SSH public key's keyData, as ASO
// says). ASO's third mode, optional (a plain value or a Secret, the user's choice), is not built
// here: a property is one or the other.
var ImportSecretModes = []string{"required", "never"}

// secretMode records a property's secrecy, refusing a second setting that contradicts the first
// ($isSecret: true beside $importSecretMode: never).
func (p *parser) secretMode(pc *PropertyConfig, secret bool, n *yaml.Node, path string) error {
	if (secret && pc.NotSecret) || (!secret && pc.IsSecret) {
		return p.fail(path, n, "", "contradicts the property's other secret setting; keep one of $importSecretMode and $isSecret")
	}
	pc.IsSecret, pc.NotSecret = secret, !secret
	return nil
}
