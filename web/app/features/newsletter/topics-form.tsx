/**
 * After confirming, a subscriber may choose the topics they want to hear about (program
 * categories, events). Posted to the same page (the token stays in its URL); stored with the
 * consent words shown here (newsletter_set_interests).
 */
import { Form, useNavigation } from 'react-router';

export function TopicsForm({ offered, chosen, saved }: { offered: string[]; chosen: string[]; saved: boolean }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="newsletter-topics">
      <input type="hidden" name="intent" value="topics" />
      <fieldset>
        <legend>Which topics do you want newsletter mail about? (optional)</legend>
        {offered.map((topic) => (
          <div className="choice" key={topic}>
            <input
              id={`topic-${topic}`}
              type="checkbox"
              name="topic"
              value={topic}
              defaultChecked={chosen.includes(topic)}
            />
            <label htmlFor={`topic-${topic}`}>{topic}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
        Save my topics
      </button>
      {saved && <p role="status">Your topics are saved. You can change them with this link at any time.</p>}
    </Form>
  );
}
