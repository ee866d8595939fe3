"""A host's identity: the key it makes once and keeps, the certificate it serves, and its pin.

The app (and `serve` when it has no authority's certificate) serves `wss://` with a key kept in
its data folder. An invite carries the key's pin: the SHA-256 of the certificate's public key
(its SubjectPublicKeyInfo), so the guest needs no certificate authority, and a certificate made
again from the same key (each start makes a fresh one) keeps every invite. The same key proves
a host to a relay (`sign`, `verify`): its relay id is the pin, which nobody else can claim.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import os
import ssl
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from game.core.files import keep_aside, write_atomic

KEY_FILE = "host-key.pem"
PIN_LENGTH = 43  # base64url of 32 bytes, unpadded
_SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
CERT_DAYS = 3650  # a certificate nobody checks the dates of (the pin is what counts), made at each start


def pin_of_spki(spki_der: bytes) -> str:
    """The pin of a public key: base64url (unpadded) of the SHA-256 of its DER SubjectPublicKeyInfo."""
    return base64.urlsafe_b64encode(hashlib.sha256(spki_der).digest()).rstrip(b"=").decode("ascii")


def pin_of_certificate(cert_der: bytes) -> str:
    """The pin of the key a DER certificate holds (what a guest checks after the handshake)."""
    key = x509.load_der_x509_certificate(cert_der).public_key()
    return pin_of_spki(key.public_bytes(serialization.Encoding.DER, _SPKI))


@dataclass(frozen=True)
class Identity:
    key: ec.EllipticCurvePrivateKey

    @classmethod
    def load_or_make(cls, folder: Path) -> Identity:
        """The identity kept in `folder`, made (and kept, readable by its owner only) on first use.
        A damaged key file is set aside, not lost, and a new key made: old invites then show
        another key, which the guest is told in words."""
        path = folder / KEY_FILE
        try:
            key = serialization.load_pem_private_key(path.read_bytes(), password=None)
            if isinstance(key, ec.EllipticCurvePrivateKey):
                return cls(key)
            keep_aside(path)  # another kind of key: not ours
        except FileNotFoundError:
            pass
        except (ValueError, TypeError):
            keep_aside(path)
        key = ec.generate_private_key(ec.SECP256R1())
        folder.mkdir(parents=True, exist_ok=True)
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        write_atomic(path, pem.decode("ascii"))  # (made 0600: a temporary file's mode)
        return cls(key)

    @property
    def spki(self) -> bytes:
        return self.key.public_key().public_bytes(serialization.Encoding.DER, _SPKI)

    @property
    def pin(self) -> str:
        return pin_of_spki(self.spki)

    def certificate(self) -> bytes:
        """A self-signed certificate of this key (PEM), made now."""
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Bazaar host")])
        now = datetime.datetime.now(datetime.UTC)
        cert = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(self.key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=CERT_DAYS))
            .sign(self.key, hashes.SHA256())
        )
        return cert.public_bytes(serialization.Encoding.PEM)

    def server_context(self) -> ssl.SSLContext:
        """A TLS server context serving this key's certificate (TLS 1.2 at least)."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        pem = self.certificate() + self.key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        # ssl loads a chain only from a file: a private temporary one, gone once read
        handle, name = tempfile.mkstemp(suffix=".pem")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(pem)
            context.load_cert_chain(name)
        finally:
            os.unlink(name)
        return context

    def sign(self, data: bytes) -> bytes:
        return self.key.sign(data, ec.ECDSA(hashes.SHA256()))


def verify(spki_der: bytes, signature: bytes, data: bytes) -> bool:
    """Whether `signature` over `data` was made by the key whose public part is `spki_der`."""
    try:
        key = serialization.load_der_public_key(spki_der)
        if not isinstance(key, ec.EllipticCurvePublicKey):
            return False
        key.verify(signature, data, ec.ECDSA(hashes.SHA256()))
    except (InvalidSignature, ValueError):
        return False
    return True
