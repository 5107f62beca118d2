import type { Locale } from '@rawnaq/contracts';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { postPublic } from '../api';
import { Loadable } from '../components/States';
import { dayOf, timeOf } from '../format';
import { useLoaded, usePageMeta, useT, type T } from '../hooks';
import type { MessageKey } from '../i18n';

/** What `GET /api/public/contracts/{uniqueId}` answers. */
type PublicContract = {
  state: 'sent' | 'signed' | 'cancelled';
  language: Locale;
  title: string;
  text?: string;
  salon_name?: string;
  owner_name?: string;
  account_id?: number;
  sent_at?: string;
  signer_name?: string | null;
  signed_at?: string | null;
};

const ZONE = 'Asia/Riyadh';
const when = (locale: Locale, instant: string) =>
  `${dayOf(locale, instant, ZONE)} · ${timeOf(locale, instant, ZONE)}`;

/** The server's refusals, in the page's words. */
const ERRORS: Record<string, MessageKey> = {
  signer_name: 'contract.error_name',
  agree: 'contract.error_agree',
  signature: 'contract.error_signature',
};

/**
 * A signature pad: a canvas drawn on with a finger, a pen or a mouse (pointer events; the page does
 * not scroll while drawing on it). `onChange` says whether anything is drawn.
 */
const SignaturePad = ({
  t,
  canvasRef,
  onChange,
}: {
  t: T;
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  onChange: (drawn: boolean) => void;
}) => {
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // a sharp line on any screen: the bitmap at the device's pixel ratio
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = canvas.getBoundingClientRect();
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#102a43';
  }, [canvasRef]);
  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    last.current = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    // a tap is a dot
    ctx.beginPath();
    ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
    ctx.fillStyle = '#102a43';
    ctx.fill();
    onChange(true);
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    e.preventDefault();
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.current.x, last.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    last.current = p;
  };
  const up = () => {
    last.current = null;
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    onChange(false);
  };
  return (
    <div className="signature">
      <canvas
        ref={canvasRef}
        className="signature-pad"
        role="img"
        aria-label={t('contract.signature_pad')}
        data-testid="signature-pad"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <button type="button" className="button secondary" onClick={clear} data-testid="signature-clear">
        {t('contract.clear')}
      </button>
    </div>
  );
};

const SignForm = ({
  locale,
  id,
  contract,
  onSigned,
}: {
  locale: Locale;
  id: string;
  contract: PublicContract;
  onSigned: () => void;
}) => {
  const t = useT(locale);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [name, setName] = useState(contract.owner_name ?? '');
  const [agree, setAgree] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const submit = async () => {
    const local: Record<string, MessageKey> = {};
    if (!name.trim()) local.signer_name = 'contract.error_name';
    if (!agree) local.agree = 'contract.error_agree';
    if (!drawn) local.signature = 'contract.error_signature';
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    const signature = canvasRef.current?.toDataURL('image/png') ?? '';
    const reply = await postPublic(
      `contracts/${encodeURIComponent(id)}/sign`,
      { signer_name: name.trim(), agree, signature },
      key,
    );
    setBusy(false);
    if (reply.status === 'done') return onSigned();
    if (reply.status === 'refused') {
      const fields = Object.fromEntries(
        Object.keys(reply.errors)
          .filter((f) => ERRORS[f])
          .map((f) => [f, ERRORS[f]]),
      );
      setErrors(fields);
      if (!Object.keys(fields).length)
        setFailure(
          reply.message === 'contract.already_signed'
            ? 'contract.error_signed'
            : reply.message === 'contract.cancelled'
              ? 'contract.cancelled'
              : 'contract.error_other',
        );
      if (reply.message === 'contract.already_signed' || reply.message === 'contract.cancelled') onSigned();
      return;
    }
    setFailure('contract.error_other');
  };
  return (
    <form
      className="contract-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <label className={`field${errors.signer_name ? ' invalid' : ''}`}>
        <span>{t('contract.signer_name')}</span>
        <input
          name="signer_name"
          value={name}
          maxLength={100}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          data-testid="signer-name"
        />
        {errors.signer_name && <small className="error">{t(errors.signer_name)}</small>}
      </label>
      <div className="field">
        <span className="field-label">{t('contract.signature')}</span>
        <small className="muted">{t('contract.signature_hint')}</small>
        <SignaturePad
          t={t}
          canvasRef={canvasRef}
          onChange={(now) => {
            setDrawn(now);
            if (now) setErrors(({ signature: _s, ...rest }) => rest);
          }}
        />
        {errors.signature && <small className="error">{t(errors.signature)}</small>}
      </div>
      <label className="agree">
        <input
          type="checkbox"
          checked={agree}
          onChange={(e) => {
            setAgree(e.target.checked);
            if (e.target.checked) setErrors(({ agree: _a, ...rest }) => rest);
          }}
          data-testid="contract-agree"
        />
        <span>{t('contract.agree')}</span>
      </label>
      {errors.agree && <small className="error">{t(errors.agree)}</small>}
      {failure && (
        <p className="notice" role="alert">
          {t(failure)}
        </p>
      )}
      <div className="action-bar">
        <button type="submit" className="button" disabled={busy} data-testid="contract-sign">
          {t(busy ? 'contract.signing' : 'contract.sign')}
        </button>
      </div>
    </form>
  );
};

/**
 * `account-contract/{uniqueId}` (doc1 §2, issue 27): the salon's owner reads the contract the platform
 * sent her, in its language, writes her name, ticks "I agree", draws her signature and signs; then
 * (and on every later visit) she sees who signed and when, and downloads the signed PDF.
 */
export const AccountContractPage = ({ locale, id }: { locale: Locale; id: string }) => {
  const t = useT(locale);
  const { state, retry } = useLoaded<PublicContract>(`contracts/${encodeURIComponent(id)}`);
  usePageMeta(locale, state.status === 'found' ? state.value.title : t('contract.title'));
  if (state.status === 'not-found')
    return (
      <section className="card message" role="alert" data-testid="contract-not-found">
        <p>{t('contract.not_found')}</p>
      </section>
    );
  return (
    <Loadable locale={locale} state={state} retry={retry}>
      {(c) => {
        const dir = c.language === 'ar' ? 'rtl' : 'ltr';
        return (
          <section className="card contract" aria-labelledby="contract-title" data-testid="account-contract">
            <h1 id="contract-title" dir={dir} lang={c.language}>
              {c.title}
            </h1>
            {c.state === 'cancelled' ? (
              <p className="notice" role="status" data-testid="contract-cancelled">
                {t('contract.cancelled')}
              </p>
            ) : (
              <>
                <p className="muted">
                  {t('contract.for_salon', {
                    salon: c.salon_name ?? '',
                    account: String(c.account_id ?? ''),
                  })}
                  {c.sent_at && <> · {t('contract.sent_on', { date: dayOf(locale, c.sent_at, ZONE) })}</>}
                </p>
                <div className="contract-text" dir={dir} lang={c.language} data-testid="contract-text">
                  {c.text}
                </div>
                {c.state === 'signed' ? (
                  <div data-testid="contract-signed">
                    <p className="success-mark" aria-hidden="true">
                      ✓
                    </p>
                    <h2>{t('contract.signed_title')}</h2>
                    <p>
                      {t('contract.signed_by', {
                        name: c.signer_name ?? '',
                        date: c.signed_at ? when(locale, c.signed_at) : '',
                      })}
                    </p>
                    <div className="action-bar">
                      <a
                        className="button"
                        href={`/api/public/contracts/${encodeURIComponent(id)}/pdf`}
                        download
                        data-testid="contract-download"
                      >
                        {t('contract.download')}
                      </a>
                    </div>
                  </div>
                ) : (
                  <SignForm locale={locale} id={id} contract={c} onSigned={retry} />
                )}
              </>
            )}
          </section>
        );
      }}
    </Loadable>
  );
};
