package credentials

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
)

const (
	operatorNS = "azureserviceoperator-system"
	subA       = "00000000-0000-0000-0000-00000000000a"
	subB       = "00000000-0000-0000-0000-00000000000b"
	tenant     = "00000000-0000-0000-0000-00000000a2f0"
	// clientSecretValue must never appear in an error.
	clientSecretValue = "s3cret-value-never-shown"
)

func secret(ns, name string, data map[string]string) *corev1.Secret {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}, Data: map[string][]byte{}}
	for k, v := range data {
		s.Data[k] = []byte(v)
	}
	return s
}

// clientSecretData is a complete client-secret credential for a subscription and client.
func clientSecretData(sub, clientID string) map[string]string {
	return map[string]string{
		SubscriptionIDKey: sub, TenantIDKey: tenant, ClientIDKey: clientID, ClientSecretKey: clientSecretValue,
	}
}

func without(m map[string]string, keys ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for _, k := range keys {
		delete(out, k)
	}
	return out
}

func with(m map[string]string, kv ...string) map[string]string {
	out := without(m)
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// resource is any namespaced object; the provider reads only its namespace and annotations.
func resource(ns string, annotations map[string]string) client.Object {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: "r", Annotations: annotations}}
}

func fakeReader(objs ...client.Object) client.Reader {
	return fake.NewClientBuilder().WithObjects(objs...).Build()
}

func env(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

// certificatePEM is a self-signed RSA certificate and its key, as AZURE_CLIENT_CERTIFICATE holds them.
func certificatePEM(t testing.TB) string {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "armgen-test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})) +
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}))
}
