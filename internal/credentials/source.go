package credentials

import (
	"fmt"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
)

// source is where credential keys are read: a Secret or the operator's environment.
type source struct {
	// what names the source in messages.
	what    string
	secret  types.NamespacedName
	version string
	get     func(key string) string
}

func secretSource(s *corev1.Secret) source {
	return source{
		what:    "Secret " + s.Namespace + "/" + s.Name,
		secret:  types.NamespacedName{Namespace: s.Namespace, Name: s.Name},
		version: s.ResourceVersion,
		get: func(key string) string {
			if v, ok := s.Data[key]; ok {
				return string(v)
			}
			return s.StringData[key]
		},
	}
}

func envSource(getenv func(string) string) source {
	return source{what: "the operator's environment", get: getenv}
}

func (s source) fail(key, problem string) *Error {
	return &Error{Reason: ReasonInvalidCredential, Secret: s.secret, Key: key,
		message: fmt.Sprintf("%s: %s %s", s.what, key, problem)}
}

// id reads an identifier, trimmed: IDs pasted into Secrets often carry a newline.
func (s source) id(key string) (string, *Error) {
	v := strings.TrimSpace(s.get(key))
	if v == "" {
		return "", s.fail(key, "is missing")
	}
	return v, nil
}

// workloadIdentity reads USE_WORKLOAD_IDENTITY_AUTH; absent is false.
func (s source) workloadIdentity() (bool, *Error) {
	v := strings.TrimSpace(s.get(UseWorkloadIdentityKey))
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, s.fail(UseWorkloadIdentityKey, "is neither true nor false")
	}
	return b, nil
}

// hasCredential reports whether the source holds a credential at all; the global Secret may
// hold settings only, and then the environment supplies the credential.
func (s source) hasCredential() bool {
	for _, k := range []string{ClientIDKey, TenantIDKey, ClientSecretKey, ClientCertificateKey, UseWorkloadIdentityKey} {
		if strings.TrimSpace(s.get(k)) != "" {
			return true
		}
	}
	return false
}

// spec is what a source says, before azidentity sees it.
type spec struct {
	subscriptionID, tenantID, clientID string
	kind                               Kind
	// secret is the client secret, or the certificate (PEM or PKCS#12) with its password.
	secret, certificate, password string
}

// read checks a source for a complete credential. Client secrets and certificates are taken
// verbatim: trimming them could change a valid value.
func (s source) read() (spec, *Error) {
	var sp spec
	var err *Error
	if sp.subscriptionID, err = s.id(SubscriptionIDKey); err != nil {
		return sp, err
	}
	if sp.tenantID, err = s.id(TenantIDKey); err != nil {
		return sp, err
	}
	if sp.clientID, err = s.id(ClientIDKey); err != nil {
		return sp, err
	}
	wi, err := s.workloadIdentity()
	if err != nil {
		return sp, err
	}
	switch {
	case wi:
		sp.kind = KindWorkloadIdentity
	case s.get(ClientSecretKey) != "":
		sp.kind, sp.secret = KindClientSecret, s.get(ClientSecretKey)
	case s.get(ClientCertificateKey) != "":
		sp.kind, sp.certificate, sp.password = KindClientCertificate, s.get(ClientCertificateKey), s.get(ClientCertificatePasswordKey)
	default:
		return sp, s.fail(ClientSecretKey, fmt.Sprintf("is missing (or set %s, or %s=true)", ClientCertificateKey, UseWorkloadIdentityKey))
	}
	return sp, nil
}
