// Package webhookcerts gives the operator's conversion webhook a certificate without
// cert-manager: a CA and a serving certificate kept in one Secret of the operator's namespace
// (so replicas and restarts share them), the CA bundle written into the caBundle of every CRD
// the webhook serves, and both renewed before they expire while the webhook keeps serving.
//
// Every replica runs a Rotator: each serves the webhook, so each needs the certificate. They
// agree through the Secret alone: it is created only if absent and updated only at the
// resourceVersion read, and a replica that loses a race adopts what the winner wrote.
//
// A CA is replaced at two thirds of its life by adding the new CA to the bundle: the serving
// certificate moves to the new CA only once every served CRD trusts it, and the old CA stays in
// the bundle until it expires, so a replica still serving the old certificate is trusted too.
package webhookcerts
