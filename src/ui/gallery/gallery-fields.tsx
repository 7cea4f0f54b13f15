import { CalendarDate } from '@internationalized/date';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { ComboBox } from '../combo-box';
import { DateField } from '../date-field';
import { DatePicker } from '../date-picker';
import { Form, FormActions } from '../form';
import { ListBoxItem, ListBoxSection } from '../list-box';
import { NumberField } from '../number-field';
import { Radio, RadioGroup } from '../radio-group';
import { Select } from '../select';
import { Switch } from '../switch';
import { TextField } from '../text-field';
import { GallerySection } from './gallery-section';
import * as styles from './gallery.css';

/** Fixed dates, so the gallery looks the same every day. */
const minStart = new CalendarDate(2027, 1, 1);
const maxStart = new CalendarDate(2027, 12, 1);
const minBirthdate = new CalendarDate(1901, 1, 2);

export function TextFieldGallery() {
  const { t } = useLingui();
  const emailLabel = t({ id: 'gallery:field.email', message: 'Email address' });
  const emailHint = t({ id: 'gallery:field.emailHint', message: 'We send your ticket to this address.' });
  const emailError = t({ id: 'gallery:field.emailError', message: 'Enter an email address like name@example.com.' });
  return (
    <GallerySection id="gallery-text-fields" title={t({ id: 'gallery:textField.title', message: 'Text fields' })}>
      <div className={styles.grid}>
        <TextField label={emailLabel} description={emailHint} type="email" />
        <TextField label={emailLabel} description={emailHint} type="email" isRequired />
        <TextField label={emailLabel} description={emailHint} type="email" isRequired isInvalid defaultValue="name@" errorMessage={emailError} />
        <TextField label={emailLabel} description={emailHint} type="email" isDisabled defaultValue="anna@example.com" />
        <TextField
          label={t({ id: 'gallery:field.message', message: 'Your message' })}
          description={t({ id: 'gallery:field.messageHint', message: 'At most 1000 characters.' })}
          multiline
        />
      </div>
    </GallerySection>
  );
}

export function NumberAndDateGallery() {
  const { t } = useLingui();
  const countLabel = t({ id: 'gallery:field.travellers', message: 'Number of tickets' });
  const countHint = t({ id: 'gallery:field.travellersHint', message: 'From 1 to 5.' });
  const startLabel = t({ id: 'gallery:field.start', message: 'Start date' });
  const startHint = t({ id: 'gallery:field.startHint', message: 'A ticket starts on the first of a month in 2027.' });
  const birthLabel = t({ id: 'gallery:field.birthdate', message: 'Date of birth' });
  const birthHint = t({ id: 'gallery:field.birthdateHint', message: 'You must be at least 6 years old.' });
  return (
    <>
      <GallerySection id="gallery-number-fields" title={t({ id: 'gallery:numberField.title', message: 'Number fields' })}>
        <div className={styles.grid}>
          <NumberField label={countLabel} description={countHint} minValue={1} maxValue={5} defaultValue={1} />
          <NumberField
            label={countLabel}
            description={countHint}
            minValue={1}
            maxValue={5}
            defaultValue={9}
            isRequired
            isInvalid
            errorMessage={t({ id: 'gallery:field.travellersError', message: 'Choose between 1 and 5 tickets.' })}
          />
          <NumberField label={countLabel} description={countHint} defaultValue={2} isDisabled />
        </div>
      </GallerySection>
      <GallerySection id="gallery-date-fields" title={t({ id: 'gallery:dateField.title', message: 'Date fields and date pickers' })}>
        <div className={styles.grid}>
          <DatePicker label={startLabel} description={startHint} minValue={minStart} maxValue={maxStart} />
          <DatePicker
            label={startLabel}
            description={startHint}
            minValue={minStart}
            maxValue={maxStart}
            defaultValue={new CalendarDate(2027, 3, 1)}
            isRequired
          />
          <DatePicker
            label={startLabel}
            description={startHint}
            minValue={minStart}
            maxValue={maxStart}
            defaultValue={new CalendarDate(2026, 3, 1)}
            isInvalid
            errorMessage={t({ id: 'gallery:field.startError', message: 'Choose a start date in 2027.' })}
          />
          <DatePicker label={startLabel} description={startHint} defaultValue={new CalendarDate(2027, 3, 1)} isDisabled />
          <DateField label={birthLabel} description={birthHint} minValue={minBirthdate} isRequired />
          <DateField
            label={birthLabel}
            description={birthHint}
            minValue={minBirthdate}
            defaultValue={new CalendarDate(1900, 5, 17)}
            isRequired
            isInvalid
            errorMessage={t({ id: 'gallery:field.birthdateError', message: 'Enter a date after 1 January 1901.' })}
          />
          <DateField label={birthLabel} defaultValue={new CalendarDate(1990, 5, 17)} isDisabled />
        </div>
      </GallerySection>
    </>
  );
}

export function ChoiceGallery() {
  const { t } = useLingui();
  const productLabel = t({ id: 'gallery:field.product', message: 'Ticket' });
  const productHint = t({ id: 'gallery:field.productHint', message: 'You can change it every month.' });
  const products = [
    { id: 'deuti', name: t({ id: 'gallery:product.deuti', message: 'Germany ticket' }) },
    { id: 'joti', name: t({ id: 'gallery:product.joti', message: 'Job ticket' }) },
    { id: 'seti', name: t({ id: 'gallery:product.seti', message: 'Semester ticket' }) },
  ];
  const stationLabel = t({ id: 'gallery:field.station', message: 'Home station' });
  const stationHint = t({ id: 'gallery:field.stationHint', message: 'Type to filter the list.' });
  const stations = (
    <>
      <ListBoxSection title="Berlin">
        <ListBoxItem id="berlin-hbf">Berlin Hauptbahnhof</ListBoxItem>
        <ListBoxItem id="berlin-alex">Berlin Alexanderplatz</ListBoxItem>
        <ListBoxItem id="berlin-sued">Berlin Südkreuz</ListBoxItem>
      </ListBoxSection>
      <ListBoxSection title="Hamburg">
        <ListBoxItem id="hamburg-hbf">Hamburg Hauptbahnhof</ListBoxItem>
        <ListBoxItem id="hamburg-dammtor">Hamburg Dammtor</ListBoxItem>
        <ListBoxItem id="hamburg-altona">Hamburg-Altona</ListBoxItem>
      </ListBoxSection>
      <ListBoxSection title="München">
        <ListBoxItem id="muenchen-hbf">München Hauptbahnhof</ListBoxItem>
        <ListBoxItem id="muenchen-ost">München Ost</ListBoxItem>
        <ListBoxItem id="muenchen-pasing">München-Pasing</ListBoxItem>
      </ListBoxSection>
    </>
  );
  const paymentLabel = t({ id: 'gallery:field.payment', message: 'Payment method' });
  const paymentHint = t({ id: 'gallery:field.paymentHint', message: 'Charged on the first of each month.' });
  const paymentOptions = (
    <>
      <Radio value="sepa">{t({ id: 'gallery:payment.sepa', message: 'Direct debit' })}</Radio>
      <Radio value="card" description={t({ id: 'gallery:payment.cardHint', message: 'Visa or Mastercard' })}>
        {t({ id: 'gallery:payment.card', message: 'Credit card' })}
      </Radio>
      <Radio value="paypal">PayPal</Radio>
    </>
  );
  const termsLabel = t({ id: 'gallery:field.terms', message: 'I accept the terms and conditions' });
  const newsLabel = t({ id: 'gallery:field.newsletter', message: 'Send me news about my ticket' });
  const reminderLabel = t({ id: 'gallery:field.reminder', message: 'Remind me before each payment' });
  return (
    <>
      <GallerySection id="gallery-selects" title={t({ id: 'gallery:select.title', message: 'Selects and combo boxes' })}>
        <div className={styles.grid}>
          <Select label={productLabel} description={productHint} items={products}>
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </Select>
          <Select label={productLabel} description={productHint} items={products} isRequired defaultSelectedKey="deuti">
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </Select>
          <Select
            label={productLabel}
            description={productHint}
            items={products}
            isRequired
            isInvalid
            errorMessage={t({ id: 'gallery:field.productError', message: 'Choose a ticket.' })}
          >
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </Select>
          <Select label={productLabel} description={productHint} items={products} isDisabled defaultSelectedKey="joti">
            {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
          </Select>
          <ComboBox label={stationLabel} description={stationHint}>
            {stations}
          </ComboBox>
          <ComboBox
            label={stationLabel}
            description={stationHint}
            isRequired
            isInvalid
            defaultInputValue="Bonn"
            allowsCustomValue
            errorMessage={t({ id: 'gallery:field.stationError', message: 'Choose a station from the list.' })}
          >
            {stations}
          </ComboBox>
          <ComboBox label={stationLabel} description={stationHint} isDisabled defaultSelectedKey="hamburg-hbf">
            {stations}
          </ComboBox>
        </div>
      </GallerySection>
      <GallerySection id="gallery-checkboxes" title={t({ id: 'gallery:checkbox.title', message: 'Checkboxes, radios and switches' })}>
        <div className={styles.grid}>
          <div className={styles.stack}>
            <Checkbox description={t({ id: 'gallery:field.newsletterHint', message: 'At most once a month.' })}>{newsLabel}</Checkbox>
            <Checkbox defaultSelected>{newsLabel}</Checkbox>
            <Checkbox isRequired>{termsLabel}</Checkbox>
            <Checkbox isRequired isInvalid errorMessage={t({ id: 'gallery:field.termsError', message: 'Accept the terms to order.' })}>
              {termsLabel}
            </Checkbox>
            <Checkbox isDisabled>{newsLabel}</Checkbox>
            <Checkbox isDisabled defaultSelected>
              {newsLabel}
            </Checkbox>
          </div>
          <RadioGroup label={paymentLabel} description={paymentHint} defaultValue="sepa">
            {paymentOptions}
          </RadioGroup>
          <RadioGroup
            label={paymentLabel}
            description={paymentHint}
            isRequired
            isInvalid
            errorMessage={t({ id: 'gallery:field.paymentError', message: 'Choose a payment method.' })}
          >
            {paymentOptions}
          </RadioGroup>
          <RadioGroup label={paymentLabel} description={paymentHint} isDisabled defaultValue="card">
            {paymentOptions}
          </RadioGroup>
          <div className={styles.stack}>
            <Switch description={t({ id: 'gallery:field.reminderHint', message: 'By email, three days before.' })}>{reminderLabel}</Switch>
            <Switch defaultSelected>{reminderLabel}</Switch>
            <Switch isDisabled>{reminderLabel}</Switch>
            <Switch isDisabled defaultSelected>
              {reminderLabel}
            </Switch>
          </div>
        </div>
      </GallerySection>
    </>
  );
}

export function FormGallery() {
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  return (
    <GallerySection id="gallery-form" title={t({ id: 'gallery:form.title', message: 'Form' })}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          setSent(true);
        }}
      >
        <TextField name="firstName" label={t({ id: 'gallery:form.firstName', message: 'First name' })} isRequired maxLength={50} autoComplete="given-name" />
        <TextField
          name="email"
          type="email"
          label={t({ id: 'gallery:field.email', message: 'Email address' })}
          description={t({ id: 'gallery:field.emailHint', message: 'We send your ticket to this address.' })}
          isRequired
          autoComplete="email"
        />
        <Checkbox name="terms" isRequired>
          {t({ id: 'gallery:field.terms', message: 'I accept the terms and conditions' })}
        </Checkbox>
        <FormActions>
          <Button type="submit">{t({ id: 'gallery:form.submit', message: 'Send' })}</Button>
          <Button type="reset" variant="secondary" onPress={() => setSent(false)}>
            {t({ id: 'gallery:form.reset', message: 'Reset' })}
          </Button>
        </FormActions>
        <p role="status" className={styles.note}>
          {sent ? t({ id: 'gallery:form.sent', message: 'The form is valid (nothing was sent).' }) : null}
        </p>
      </Form>
    </GallerySection>
  );
}
